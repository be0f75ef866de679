import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.StringTokenizer;

public class Main {
    static long rotateLeft(long n, int k, int width) {
        if (width <= 0) return 0;
        long mask = (1L << width) - 1;
        n &= mask;
        k %= width;
        return ((n << k) | (n >> (width - k))) & mask;
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        int q = Integer.parseInt(in.readLine().trim());
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < q; i++) {
            StringTokenizer st = new StringTokenizer(in.readLine());
            long n = Long.parseLong(st.nextToken());
            int k = Integer.parseInt(st.nextToken());
            int width = Integer.parseInt(st.nextToken());
            out.append(rotateLeft(n, k, width)).append("\n");
        }
        System.out.print(out);
    }
}
