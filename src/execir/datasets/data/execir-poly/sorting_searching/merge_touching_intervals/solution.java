import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

public class Main {
    static List<int[]> mergeIntervals(int[][] intervals) {
        int[][] ordered = intervals.clone();
        Arrays.sort(ordered, Comparator.comparingInt(iv -> iv[0]));
        List<int[]> merged = new ArrayList<>();
        for (int[] iv : ordered) {
            int[] last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
            if (last != null && iv[0] <= last[1]) {
                if (iv[1] > last[1]) last[1] = iv[1];
            } else {
                merged.add(new int[] {iv[0], iv[1]});
            }
        }
        return merged;
    }

    public static void main(String[] args) throws Exception {
        String[] tok = new String(System.in.readAllBytes()).trim().split("\\s+");
        int n = Integer.parseInt(tok[0]);
        int[][] intervals = new int[n][2];
        for (int i = 0; i < n; i++) {
            intervals[i][0] = Integer.parseInt(tok[1 + 2 * i]);
            intervals[i][1] = Integer.parseInt(tok[2 + 2 * i]);
        }
        StringBuilder out = new StringBuilder();
        for (int[] iv : mergeIntervals(intervals)) out.append(iv[0]).append(" ").append(iv[1]).append("\n");
        System.out.print(out);
    }
}
