import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    static boolean isbn10Valid(String isbn) {
        String s = isbn.replace("-", "");
        if (s.length() != 10) return false;
        int total = 0;
        for (int i = 0; i < 10; i++) {
            char ch = s.charAt(i);
            int value;
            if (ch >= '0' && ch <= '9') value = ch - '0';
            else if (ch == 'X' && i == 9) value = 10;
            else return false;
            total += (10 - i) * value;
        }
        return total % 11 == 0;
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder out = new StringBuilder();
        for (String line; (line = in.readLine()) != null;) {
            if (!line.isEmpty()) out.append(isbn10Valid(line) ? "valid" : "invalid").append("\n");
        }
        System.out.print(out);
    }
}
