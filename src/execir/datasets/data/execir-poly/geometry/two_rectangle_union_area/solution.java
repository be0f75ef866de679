public class Main {
    static long unionArea(long[] v) {
        long ax1 = Math.min(v[0], v[2]), ax2 = Math.max(v[0], v[2]);
        long ay1 = Math.min(v[1], v[3]), ay2 = Math.max(v[1], v[3]);
        long bx1 = Math.min(v[4], v[6]), bx2 = Math.max(v[4], v[6]);
        long by1 = Math.min(v[5], v[7]), by2 = Math.max(v[5], v[7]);
        long width = Math.max(0, Math.min(ax2, bx2) - Math.max(ax1, bx1));
        long height = Math.max(0, Math.min(ay2, by2) - Math.max(ay1, by1));
        return (ax2 - ax1) * (ay2 - ay1) + (bx2 - bx1) * (by2 - by1) - width * height;
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int q = Integer.parseInt(t[0]);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < q; i++) {
            long[] v = new long[8];
            for (int j = 0; j < 8; j++) v[j] = Long.parseLong(t[1 + 8 * i + j]);
            out.append(unionArea(v)).append("\n");
        }
        System.out.print(out);
    }
}
