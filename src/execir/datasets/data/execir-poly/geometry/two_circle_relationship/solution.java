public class Main {
    static String classify(long x1, long y1, long r1, long x2, long y2, long r2) {
        long d2 = (x1 - x2) * (x1 - x2) + (y1 - y2) * (y1 - y2);
        long outer = (r1 + r2) * (r1 + r2), inner = (r1 - r2) * (r1 - r2);
        if (d2 == 0 && r1 == r2) return "identical";
        if (d2 > outer) return "separate";
        if (d2 == outer) return "external";
        if (d2 > inner) return "intersecting";
        if (d2 == inner) return "internal";
        return "contained";
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int q = Integer.parseInt(t[0]);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < q; i++) {
            long[] v = new long[6];
            for (int j = 0; j < 6; j++) v[j] = Long.parseLong(t[1 + 6 * i + j]);
            out.append(classify(v[0], v[1], v[2], v[3], v[4], v[5])).append("\n");
        }
        System.out.print(out);
    }
}
