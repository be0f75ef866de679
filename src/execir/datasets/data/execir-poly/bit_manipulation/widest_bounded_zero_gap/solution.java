import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    static int widestGap(long n) {
        int best = 0;
        int gap = -1;
        while (n > 0) {
            if ((n & 1) == 1) {
                if (gap > best) best = gap;
                gap = 0;
            } else if (gap >= 0) {
                gap++;
            }
            n >>= 1;
        }
        return best;
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        int q = Integer.parseInt(in.readLine().trim());
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < q; i++) {
            out.append(widestGap(Long.parseLong(in.readLine().trim()))).append("\n");
        }
        System.out.print(out);
    }
}
