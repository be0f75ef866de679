public class Main {
    static int[] parseSquare(String name) {
        if (name.length() != 2) return null;
        char f = name.charAt(0), r = name.charAt(1);
        if (f < 'a' || f > 'h' || r < '1' || r > '8') return null;
        return new int[] {f - 'a', r - '0'};
    }

    static int kingMoves(String a, String b) {
        int[] s = parseSquare(a), g = parseSquare(b);
        if (s == null || g == null) return -1;
        return Math.max(Math.abs(s[0] - g[0]), Math.abs(s[1] - g[1]));
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int q = Integer.parseInt(t[0]);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < q; i++) {
            int moves = kingMoves(t[1 + 2 * i], t[2 + 2 * i]);
            out.append(moves < 0 ? "invalid" : String.valueOf(moves)).append("\n");
        }
        System.out.print(out);
    }
}
