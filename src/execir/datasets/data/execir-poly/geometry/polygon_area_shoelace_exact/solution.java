public class Main {
    static long twiceArea(long[][] points) {
        long total = 0;
        int n = points.length;
        for (int i = 0; i < n; i++) {
            long[] a = points[i], b = points[(i + 1) % n];
            total += a[0] * b[1] - b[0] * a[1];
        }
        return Math.abs(total);
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int n = Integer.parseInt(t[0]);
        long[][] points = new long[n][2];
        for (int i = 0; i < n; i++) {
            points[i][0] = Long.parseLong(t[1 + 2 * i]);
            points[i][1] = Long.parseLong(t[2 + 2 * i]);
        }
        long doubled = n >= 3 ? twiceArea(points) : 0;
        System.out.println(doubled / 2 + (doubled % 2 == 1 ? ".5" : ".0"));
    }
}
