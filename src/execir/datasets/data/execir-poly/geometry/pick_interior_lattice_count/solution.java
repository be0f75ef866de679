public class Main {
    static long gcd(long a, long b) {
        while (b != 0) {
            long r = a % b;
            a = b;
            b = r;
        }
        return a;
    }

    static long interiorPoints(long[][] pts) {
        long twiceArea = 0, boundary = 0;
        int n = pts.length;
        for (int i = 0; i < n; i++) {
            long[] a = pts[i], b = pts[(i + 1) % n];
            twiceArea += a[0] * b[1] - b[0] * a[1];
            boundary += gcd(Math.abs(b[0] - a[0]), Math.abs(b[1] - a[1]));
        }
        return (Math.abs(twiceArea) - boundary + 2) / 2;
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int n = Integer.parseInt(t[0]);
        long[][] pts = new long[n][2];
        for (int i = 0; i < n; i++) {
            pts[i][0] = Long.parseLong(t[1 + 2 * i]);
            pts[i][1] = Long.parseLong(t[2 + 2 * i]);
        }
        System.out.println(interiorPoints(pts));
    }
}
