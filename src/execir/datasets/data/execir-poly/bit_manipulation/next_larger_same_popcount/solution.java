import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    static long nextSamePopcount(long n) {
        if (n <= 0) return 0;
        long lowest = n & -n;
        long ripple = n + lowest;
        long ones = ((ripple ^ n) >> 2) / lowest;
        return ripple | ones;
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        int q = Integer.parseInt(in.readLine().trim());
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < q; i++) {
            out.append(nextSamePopcount(Long.parseLong(in.readLine().trim()))).append("\n");
        }
        System.out.print(out);
    }
}
