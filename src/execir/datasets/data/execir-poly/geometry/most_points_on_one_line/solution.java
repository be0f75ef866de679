import java.util.HashMap;

public class Main {
    static int gcd(int a, int b) {
        while (b != 0) {
            int r = a % b;
            a = b;
            b = r;
        }
        return a;
    }

    static int maxCollinear(int[][] pts) {
        if (pts.length < 2) return pts.length;
        int best = 1;
        for (int i = 0; i < pts.length; i++) {
            HashMap<String, Integer> counts = new HashMap<>();
            for (int j = i + 1; j < pts.length; j++) {
                int dx = pts[j][0] - pts[i][0], dy = pts[j][1] - pts[i][1];
                int g = gcd(Math.abs(dx), Math.abs(dy));
                dx /= g;
                dy /= g;
                if (dx < 0 || (dx == 0 && dy < 0)) {
                    dx = -dx;
                    dy = -dy;
                }
                best = Math.max(best, counts.merge(dx + "," + dy, 1, Integer::sum) + 1);
            }
        }
        return best;
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int n = Integer.parseInt(t[0]);
        int[][] pts = new int[n][2];
        for (int i = 0; i < n; i++) {
            pts[i][0] = Integer.parseInt(t[1 + 2 * i]);
            pts[i][1] = Integer.parseInt(t[2 + 2 * i]);
        }
        System.out.println(maxCollinear(pts));
    }
}
