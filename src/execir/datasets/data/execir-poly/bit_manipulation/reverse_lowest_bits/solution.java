import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.StringTokenizer;

public class Main {
    static long reverseLowBits(long n, int width) {
        if (width < 1) return -1;
        long result = 0;
        for (int i = 0; i < width; i++) {
            result = (result << 1) | (n & 1);
            n >>= 1;
        }
        return result;
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        int q = Integer.parseInt(in.readLine().trim());
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < q; i++) {
            StringTokenizer st = new StringTokenizer(in.readLine());
            long n = Long.parseLong(st.nextToken());
            int width = Integer.parseInt(st.nextToken());
            long result = reverseLowBits(n, width);
            out.append(result < 0 ? "invalid" : String.valueOf(result)).append("\n");
        }
        System.out.print(out);
    }
}
