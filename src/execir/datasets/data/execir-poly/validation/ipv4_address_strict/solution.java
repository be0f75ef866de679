import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    static boolean ipv4Valid(String s) {
        String[] parts = s.split("\\.", -1);
        if (parts.length != 4) return false;
        for (String p : parts) {
            if (p.isEmpty() || p.length() > 3) return false;
            for (char ch : p.toCharArray()) {
                if (ch < '0' || ch > '9') return false;
            }
            if (p.length() > 1 && p.charAt(0) == '0') return false;
            if (Integer.parseInt(p) > 255) return false;
        }
        return true;
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder out = new StringBuilder();
        for (String line; (line = in.readLine()) != null;) {
            if (!line.isEmpty()) out.append(ipv4Valid(line) ? "valid" : "invalid").append("\n");
        }
        System.out.print(out);
    }
}
