import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    static int countSetBits(long n) {
        if (n < 0) return -1;
        int count = 0;
        while (n != 0) {
            n &= n - 1;
            count++;
        }
        return count;
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        int q = Integer.parseInt(in.readLine().trim());
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < q; i++) {
            long v = Long.parseLong(in.readLine().trim());
            out.append(countSetBits(v)).append("\n");
        }
        System.out.print(out);
    }
}
