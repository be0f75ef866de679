import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    static long gcd(long a, long b) {
        a = Math.abs(a);
        b = Math.abs(b);
        while (b > 0) {
            long r = a % b;
            a = b;
            b = r;
        }
        return a;
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder out = new StringBuilder();
        String line;
        while ((line = in.readLine()) != null) {
            String[] parts = line.trim().split("\\s+");
            if (parts.length != 2) continue;
            out.append(gcd(Long.parseLong(parts[0]), Long.parseLong(parts[1]))).append("\n");
        }
        System.out.print(out);
    }
}
