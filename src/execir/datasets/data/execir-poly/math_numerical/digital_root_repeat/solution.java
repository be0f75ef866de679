import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    static long digitalRoot(long n) {
        while (n >= 10) {
            long total = 0;
            while (n > 0) {
                total += n % 10;
                n /= 10;
            }
            n = total;
        }
        return n;
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder out = new StringBuilder();
        String line;
        while ((line = in.readLine()) != null) {
            line = line.trim();
            if (line.isEmpty()) continue;
            long n = Long.parseLong(line);
            out.append(n < 0 ? "invalid" : String.valueOf(digitalRoot(n))).append("\n");
        }
        System.out.print(out);
    }
}
