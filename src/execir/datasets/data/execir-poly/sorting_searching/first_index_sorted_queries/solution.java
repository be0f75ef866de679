import java.util.Arrays;

public class Main {
    static int firstIndex(int[] values, int target) {
        int lo = 0, hi = values.length - 1, found = -1;
        while (lo <= hi) {
            int mid = lo + (hi - lo) / 2;
            if (values[mid] == target) {
                found = mid;
                hi = mid - 1;
            } else if (values[mid] < target) {
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found;
    }

    public static void main(String[] args) throws Exception {
        String[] tok = new String(System.in.readAllBytes()).trim().split("\\s+");
        int n = Integer.parseInt(tok[0]);
        int[] values = new int[n];
        for (int i = 0; i < n; i++) values[i] = Integer.parseInt(tok[1 + i]);
        StringBuilder out = new StringBuilder();
        for (int i = 1 + n; i < tok.length; i++) {
            out.append(firstIndex(values, Integer.parseInt(tok[i]))).append("\n");
        }
        System.out.print(out);
    }
}
