import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.Arrays;

public class Main {
    static String decimalText(long n, long d) {
        long whole = n / d, rest = n % d;
        if (rest == 0) return Long.toString(whole);
        StringBuilder digits = new StringBuilder();
        int[] seen = new int[(int) d];
        Arrays.fill(seen, -1);
        while (rest != 0 && seen[(int) rest] < 0) {
            seen[(int) rest] = digits.length();
            rest *= 10;
            digits.append(rest / d);
            rest %= d;
        }
        String out = whole + ".";
        if (rest == 0) return out + digits;
        int start = seen[(int) rest];
        return out + digits.substring(0, start) + "(" + digits.substring(start) + ")";
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder out = new StringBuilder();
        String line;
        while ((line = in.readLine()) != null) {
            String[] p = line.trim().split("\\s+");
            if (p.length != 2) continue;
            long n = Long.parseLong(p[0]), d = Long.parseLong(p[1]);
            out.append(d > 0 && n >= 0 ? decimalText(n, d) : "invalid").append("\n");
        }
        System.out.print(out);
    }
}
