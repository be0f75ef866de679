import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    static String columnLabel(long n) {
        StringBuilder label = new StringBuilder();
        while (n > 0) {
            n--;
            label.insert(0, (char) ('A' + n % 26));
            n /= 26;
        }
        return label.toString();
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder out = new StringBuilder();
        for (String line; (line = in.readLine()) != null;) {
            if (line.trim().isEmpty()) continue;
            long n = Long.parseLong(line.trim());
            out.append(n >= 1 ? columnLabel(n) : "invalid").append("\n");
        }
        System.out.print(out);
    }
}
