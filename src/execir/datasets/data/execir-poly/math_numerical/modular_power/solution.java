import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    static long modPow(long base, long exponent, long modulus) {
        long result = 1 % modulus;
        base %= modulus;
        if (base < 0) base += modulus;
        while (exponent > 0) {
            if ((exponent & 1) == 1) result = result * base % modulus;
            base = base * base % modulus;
            exponent >>= 1;
        }
        return result;
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder out = new StringBuilder();
        String line;
        while ((line = in.readLine()) != null) {
            String[] p = line.trim().split("\\s+");
            if (p.length != 3) continue;
            out.append(modPow(Long.parseLong(p[0]), Long.parseLong(p[1]), Long.parseLong(p[2])))
                .append("\n");
        }
        System.out.print(out);
    }
}
