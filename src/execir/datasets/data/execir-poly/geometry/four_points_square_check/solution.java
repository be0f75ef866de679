import java.util.Arrays;

public class Main {
    static boolean isSquare(long[][] p) {
        long[] dists = new long[6];
        int k = 0;
        for (int i = 0; i < 4; i++) {
            for (int j = i + 1; j < 4; j++) {
                long dx = p[i][0] - p[j][0], dy = p[i][1] - p[j][1];
                dists[k++] = dx * dx + dy * dy;
            }
        }
        Arrays.sort(dists);
        long side = dists[0];
        return side > 0 && dists[3] == side && dists[4] == dists[5] && dists[4] == 2 * side;
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int q = Integer.parseInt(t[0]);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < q; i++) {
            long[][] p = new long[4][2];
            for (int j = 0; j < 8; j++) p[j / 2][j % 2] = Long.parseLong(t[1 + 8 * i + j]);
            out.append(isSquare(p) ? "yes" : "no").append("\n");
        }
        System.out.print(out);
    }
}
