import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.ArrayList;
import java.util.List;

public class Main {
    static List<Long> primeFactors(long n) {
        List<Long> factors = new ArrayList<>();
        if (n < 2) return factors;
        for (long d = 2; d * d <= n; d++) {
            while (n % d == 0) {
                factors.add(d);
                n /= d;
            }
        }
        if (n > 1) factors.add(n);
        return factors;
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder out = new StringBuilder();
        String line;
        while ((line = in.readLine()) != null) {
            line = line.trim();
            if (line.isEmpty()) continue;
            List<Long> factors = primeFactors(Long.parseLong(line));
            StringBuilder row = new StringBuilder();
            for (long f : factors) row.append(row.length() > 0 ? " " : "").append(f);
            out.append(factors.isEmpty() ? "none" : row.toString()).append("\n");
        }
        System.out.print(out);
    }
}
