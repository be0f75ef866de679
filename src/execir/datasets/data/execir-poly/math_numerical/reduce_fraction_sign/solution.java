import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    static long[] reduceFraction(long num, long den) {
        long a = Math.abs(num), b = Math.abs(den);
        while (b != 0) {
            long r = a % b;
            a = b;
            b = r;
        }
        num /= a;
        den /= a;
        if (den < 0) {
            num = -num;
            den = -den;
        }
        return new long[] {num, den};
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder out = new StringBuilder();
        String line;
        while ((line = in.readLine()) != null) {
            String[] p = line.trim().split("\\s+");
            if (p.length != 2) continue;
            long num = Long.parseLong(p[0]), den = Long.parseLong(p[1]);
            if (den == 0) {
                out.append("invalid\n");
                continue;
            }
            long[] r = reduceFraction(num, den);
            out.append(r[0]).append("/").append(r[1]).append("\n");
        }
        System.out.print(out);
    }
}
