public class Main {
    static long gcd(long a, long b) {
        while (b != 0) {
            long r = a % b;
            a = b;
            b = r;
        }
        return a;
    }

    static long latticeCount(long x1, long y1, long x2, long y2) {
        return gcd(Math.abs(x2 - x1), Math.abs(y2 - y1)) + 1;
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int q = Integer.parseInt(t[0]);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < q; i++) {
            long[] v = new long[4];
            for (int j = 0; j < 4; j++) v[j] = Long.parseLong(t[1 + 4 * i + j]);
            out.append(latticeCount(v[0], v[1], v[2], v[3])).append("\n");
        }
        System.out.print(out);
    }
}
