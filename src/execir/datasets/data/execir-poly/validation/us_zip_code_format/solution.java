import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    static boolean allDigits(String s) {
        if (s.isEmpty()) return false;
        for (char ch : s.toCharArray()) {
            if (ch < '0' || ch > '9') return false;
        }
        return true;
    }

    static boolean zipValid(String code) {
        if (code.length() == 5) return allDigits(code);
        if (code.length() == 10) {
            return code.charAt(5) == '-' && allDigits(code.substring(0, 5)) && allDigits(code.substring(6));
        }
        return false;
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder out = new StringBuilder();
        for (String line; (line = in.readLine()) != null;) {
            if (!line.isEmpty()) out.append(zipValid(line) ? "valid" : "invalid").append("\n");
        }
        System.out.print(out);
    }
}
