public class Main {
    static long zigzag(long value) {
        if (value >= 0) return value << 1;
        return ((-value) << 1) - 1;
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int q = Integer.parseInt(t[0]);
        StringBuilder out = new StringBuilder();
        for (int i = 1; i <= q; i++) out.append(zigzag(Long.parseLong(t[i]))).append("\n");
        System.out.print(out);
    }
}
