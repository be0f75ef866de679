public class Main {
    static long hexDistance(long q1, long r1, long q2, long r2) {
        long dq = q2 - q1, dr = r2 - r1;
        return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int q = Integer.parseInt(t[0]);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < q; i++) {
            out.append(hexDistance(Long.parseLong(t[1 + 4 * i]), Long.parseLong(t[2 + 4 * i]),
                    Long.parseLong(t[3 + 4 * i]), Long.parseLong(t[4 + 4 * i]))).append("\n");
        }
        System.out.print(out);
    }
}
