public class Main {
    static long maxDrawdown(long[] values) {
        long best = 0;
        long peak = Long.MIN_VALUE;
        for (long v : values) {
            if (v > peak) peak = v;
            if (peak - v > best) best = peak - v;
        }
        return best;
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int n = Integer.parseInt(t[0]);
        long[] values = new long[n];
        for (int i = 0; i < n; i++) values[i] = Long.parseLong(t[1 + i]);
        System.out.println(maxDrawdown(values));
    }
}
