public class Main {
    static int lisLength(int[] values) {
        int[] tails = new int[values.length];
        int size = 0;
        for (int v : values) {
            int lo = 0, hi = size;
            while (lo < hi) {
                int mid = lo + (hi - lo) / 2;
                if (tails[mid] < v) lo = mid + 1;
                else hi = mid;
            }
            tails[lo] = v;
            if (lo == size) size++;
        }
        return size;
    }

    public static void main(String[] args) throws Exception {
        String[] tok = new String(System.in.readAllBytes()).trim().split("\\s+");
        int n = Integer.parseInt(tok[0]);
        int[] values = new int[n];
        for (int i = 0; i < n; i++) values[i] = Integer.parseInt(tok[1 + i]);
        System.out.println(lisLength(values));
    }
}
