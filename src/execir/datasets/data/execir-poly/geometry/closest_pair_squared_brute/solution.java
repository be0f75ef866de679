public class Main {
    static long closestSquared(long[][] pts) {
        long best = -1;
        for (int i = 0; i < pts.length; i++) {
            for (int j = i + 1; j < pts.length; j++) {
                long dx = pts[i][0] - pts[j][0], dy = pts[i][1] - pts[j][1];
                long d = dx * dx + dy * dy;
                if (best < 0 || d < best) best = d;
            }
        }
        return best;
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int n = Integer.parseInt(t[0]);
        long[][] pts = new long[n][2];
        for (int i = 0; i < n; i++) {
            pts[i][0] = Long.parseLong(t[1 + 2 * i]);
            pts[i][1] = Long.parseLong(t[2 + 2 * i]);
        }
        System.out.println(closestSquared(pts));
    }
}
