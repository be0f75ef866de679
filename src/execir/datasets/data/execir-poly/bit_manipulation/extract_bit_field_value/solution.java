public class Main {
    static long extractField(long n, int start, int length) {
        if (start < 0 || length < 0) return -1;
        return (n >> start) & ((1L << length) - 1);
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int q = Integer.parseInt(t[0]);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < q; i++) {
            long n = Long.parseLong(t[1 + 3 * i]);
            int start = Integer.parseInt(t[2 + 3 * i]);
            int length = Integer.parseInt(t[3 + 3 * i]);
            long result = extractField(n, start, length);
            out.append(result < 0 ? "invalid" : String.valueOf(result)).append("\n");
        }
        System.out.print(out);
    }
}
