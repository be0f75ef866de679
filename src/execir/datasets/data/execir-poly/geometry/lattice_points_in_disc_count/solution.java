public class Main {
    static long isqrtExact(long v) {
        long h = (long) Math.sqrt((double) v);
        while (h * h > v) h--;
        while ((h + 1) * (h + 1) <= v) h++;
        return h;
    }

    static long discPoints(long r) {
        if (r < 0) return -1;
        long total = 0;
        for (long x = -r; x <= r; x++) total += 2 * isqrtExact(r * r - x * x) + 1;
        return total;
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int q = Integer.parseInt(t[0]);
        StringBuilder out = new StringBuilder();
        for (int i = 1; i <= q; i++) {
            long count = discPoints(Long.parseLong(t[i]));
            out.append(count < 0 ? "invalid" : String.valueOf(count)).append("\n");
        }
        System.out.print(out);
    }
}
