public class Main {
    static String twosPattern(long value, int width) {
        long low = -(1L << (width - 1));
        long high = (1L << (width - 1)) - 1;
        if (value < low || value > high) return "overflow";
        if (value < 0) value += 1L << width;
        StringBuilder bits = new StringBuilder(Long.toBinaryString(value));
        while (bits.length() < width) bits.insert(0, '0');
        return bits.toString();
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int q = Integer.parseInt(t[0]);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < q; i++) {
            long value = Long.parseLong(t[1 + 2 * i]);
            int width = Integer.parseInt(t[2 + 2 * i]);
            out.append(twosPattern(value, width)).append("\n");
        }
        System.out.print(out);
    }
}
