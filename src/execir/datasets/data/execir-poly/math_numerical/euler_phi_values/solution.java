import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    static long phi(long n) {
        if (n < 1) return 0;
        long result = n;
        for (long p = 2; p * p <= n; p++) {
            if (n % p == 0) {
                while (n % p == 0) n /= p;
                result -= result / p;
            }
        }
        if (n > 1) result -= result / n;
        return result;
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder out = new StringBuilder();
        String line;
        while ((line = in.readLine()) != null) {
            line = line.trim();
            if (line.isEmpty()) continue;
            out.append(phi(Long.parseLong(line))).append("\n");
        }
        System.out.print(out);
    }
}
