import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    static boolean luhnValid(String number) {
        String digits = number.replace(" ", "");
        if (digits.length() < 2) return false;
        int total = 0;
        for (int i = 0; i < digits.length(); i++) {
            char ch = digits.charAt(digits.length() - 1 - i);
            if (ch < '0' || ch > '9') return false;
            int d = ch - '0';
            if (i % 2 == 1) {
                d *= 2;
                if (d > 9) d -= 9;
            }
            total += d;
        }
        return total % 10 == 0;
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder out = new StringBuilder();
        for (String line; (line = in.readLine()) != null;) {
            if (!line.isEmpty()) out.append(luhnValid(line) ? "valid" : "invalid").append("\n");
        }
        System.out.print(out);
    }
}
