public class Main {
    static int boundary(int[] values, int x, boolean inclusive) {
        int lo = 0, hi = values.length;
        while (lo < hi) {
            int mid = lo + (hi - lo) / 2;
            if (values[mid] < x || (inclusive && values[mid] == x)) lo = mid + 1;
            else hi = mid;
        }
        return lo;
    }

    static int countInRange(int[] values, int low, int high) {
        if (low > high) return 0;
        return boundary(values, high, true) - boundary(values, low, false);
    }

    public static void main(String[] args) throws Exception {
        String[] tok = new String(System.in.readAllBytes()).trim().split("\\s+");
        int n = Integer.parseInt(tok[0]);
        int[] values = new int[n];
        for (int i = 0; i < n; i++) values[i] = Integer.parseInt(tok[1 + i]);
        StringBuilder out = new StringBuilder();
        for (int i = 1 + n; i + 1 < tok.length; i += 2) {
            int low = Integer.parseInt(tok[i]), high = Integer.parseInt(tok[i + 1]);
            out.append(countInRange(values, low, high)).append("\n");
        }
        System.out.print(out);
    }
}
