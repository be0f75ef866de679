import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    static boolean portValid(String s) {
        if (s.isEmpty() || s.length() > 5) return false;
        for (char ch : s.toCharArray()) {
            if (ch < '0' || ch > '9') return false;
        }
        if (s.charAt(0) == '0') return false;
        return Integer.parseInt(s) <= 65535;
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder out = new StringBuilder();
        for (String line; (line = in.readLine()) != null;) {
            if (!line.isEmpty()) out.append(portValid(line) ? "valid" : "invalid").append("\n");
        }
        System.out.print(out);
    }
}
