import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    static boolean semverValid(String version) {
        String[] parts = version.split("\\.", -1);
        if (parts.length != 3) return false;
        for (String part : parts) {
            if (part.isEmpty()) return false;
            for (char ch : part.toCharArray()) {
                if (ch < '0' || ch > '9') return false;
            }
            if (part.charAt(0) == '0' && part.length() > 1) return false;
        }
        return true;
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder out = new StringBuilder();
        for (String line; (line = in.readLine()) != null;) {
            if (!line.isEmpty()) out.append(semverValid(line) ? "valid" : "invalid").append("\n");
        }
        System.out.print(out);
    }
}
