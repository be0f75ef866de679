import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    static final String DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz";

    static String toBase(long n, long base) {
        if (base < 2 || base > 36) return "invalid";
        if (n == 0) return "0";
        boolean negative = n < 0;
        if (negative) n = -n;
        StringBuilder out = new StringBuilder();
        while (n > 0) {
            out.append(DIGITS.charAt((int) (n % base)));
            n /= base;
        }
        if (negative) out.append('-');
        return out.reverse().toString();
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder out = new StringBuilder();
        String line;
        while ((line = in.readLine()) != null) {
            String[] p = line.trim().split("\\s+");
            if (p.length != 2) continue;
            out.append(toBase(Long.parseLong(p[0]), Long.parseLong(p[1]))).append("\n");
        }
        System.out.print(out);
    }
}
