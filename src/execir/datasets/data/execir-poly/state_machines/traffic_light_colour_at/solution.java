public class Main {
    static final String[] NAMES = {"green", "yellow", "red"};

    static String colourAt(long t, long[] lengths) {
        if (t < 0) return "invalid";
        long cycle = 0;
        for (long length : lengths) cycle += length;
        t %= cycle;
        for (int i = 0; i < 3; i++) {
            if (t < lengths[i]) return NAMES[i];
            t -= lengths[i];
        }
        return "invalid";
    }

    public static void main(String[] args) throws Exception {
        String[] tok = new String(System.in.readAllBytes()).trim().split("\\s+");
        long[] lengths = {Long.parseLong(tok[0]), Long.parseLong(tok[1]), Long.parseLong(tok[2])};
        StringBuilder out = new StringBuilder();
        for (int i = 3; i < tok.length; i++) {
            out.append(colourAt(Long.parseLong(tok[i]), lengths)).append("\n");
        }
        System.out.print(out);
    }
}
