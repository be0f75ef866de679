public class Main {
    static int orient(long[] a, long[] b, long[] c) {
        long cross = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
        return Long.signum(cross);
    }

    static boolean onBox(long[] a, long[] b, long[] c) {
        return Math.min(a[0], b[0]) <= c[0] && c[0] <= Math.max(a[0], b[0])
                && Math.min(a[1], b[1]) <= c[1] && c[1] <= Math.max(a[1], b[1]);
    }

    static boolean intersect(long[] p1, long[] p2, long[] p3, long[] p4) {
        int d1 = orient(p3, p4, p1), d2 = orient(p3, p4, p2);
        int d3 = orient(p1, p2, p3), d4 = orient(p1, p2, p4);
        if (d1 * d2 < 0 && d3 * d4 < 0) return true;
        return (d1 == 0 && onBox(p3, p4, p1)) || (d2 == 0 && onBox(p3, p4, p2))
                || (d3 == 0 && onBox(p1, p2, p3)) || (d4 == 0 && onBox(p1, p2, p4));
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int q = Integer.parseInt(t[0]);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < q; i++) {
            long[][] p = new long[4][2];
            for (int j = 0; j < 8; j++) p[j / 2][j % 2] = Long.parseLong(t[1 + 8 * i + j]);
            out.append(intersect(p[0], p[1], p[2], p[3]) ? "yes" : "no").append("\n");
        }
        System.out.print(out);
    }
}
