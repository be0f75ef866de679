import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    static String strength(String pw) {
        boolean upper = false, lower = false, digit = false, symbol = false;
        for (char c : pw.toCharArray()) {
            if (c >= 'A' && c <= 'Z') upper = true;
            else if (c >= 'a' && c <= 'z') lower = true;
            else if (c >= '0' && c <= '9') digit = true;
            else if (c != ' ') symbol = true;
        }
        int points = 0;
        if (pw.length() >= 12) points++;
        if (upper && lower) points++;
        if (digit) points++;
        if (symbol) points++;
        if (points <= 1) return "weak";
        if (points <= 3) return "medium";
        return "strong";
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder out = new StringBuilder();
        for (String line; (line = in.readLine()) != null;) {
            if (!line.isEmpty()) out.append(strength(line)).append("\n");
        }
        System.out.print(out);
    }
}
