public class Main {
    static long[] rotateQuarters(long x, long y, long k) {
        switch ((int) Math.floorMod(k, 4L)) {
            case 1: return new long[] {-y, x};
            case 2: return new long[] {-x, -y};
            case 3: return new long[] {y, -x};
            default: return new long[] {x, y};
        }
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int q = Integer.parseInt(t[0]);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < q; i++) {
            long[] r = rotateQuarters(Long.parseLong(t[1 + 3 * i]), Long.parseLong(t[2 + 3 * i]),
                    Long.parseLong(t[3 + 3 * i]));
            out.append(r[0]).append(" ").append(r[1]).append("\n");
        }
        System.out.print(out);
    }
}
