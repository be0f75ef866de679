public class Main {
    static String turn(long ax, long ay, long bx, long by, long cx, long cy) {
        long cross = (bx - ax) * (cy - by) - (by - ay) * (cx - bx);
        if (cross > 0) return "left";
        if (cross < 0) return "right";
        return "straight";
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int q = Integer.parseInt(t[0]);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < q; i++) {
            long[] v = new long[6];
            for (int j = 0; j < 6; j++) v[j] = Long.parseLong(t[1 + 6 * i + j]);
            out.append(turn(v[0], v[1], v[2], v[3], v[4], v[5])).append("\n");
        }
        System.out.print(out);
    }
}
