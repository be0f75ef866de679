import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

public class Main {
    static List<int[]> freeGaps(int[][] busy, int dayStart, int dayEnd, int minLength) {
        Arrays.sort(busy, (a, b) -> a[0] != b[0] ? Integer.compare(a[0], b[0]) : Integer.compare(a[1], b[1]));
        List<int[]> gaps = new ArrayList<>();
        int cursor = dayStart;
        for (int[] b : busy) {
            if (b[0] - cursor >= minLength) gaps.add(new int[] {cursor, b[0]});
            cursor = Math.max(cursor, b[1]);
        }
        if (dayEnd - cursor >= minLength) gaps.add(new int[] {cursor, dayEnd});
        return gaps;
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int[] v = Arrays.stream(t).mapToInt(Integer::parseInt).toArray();
        int n = v[3];
        int[][] busy = new int[n][];
        for (int i = 0; i < n; i++) busy[i] = new int[] {v[4 + 2 * i], v[5 + 2 * i]};
        List<int[]> gaps = freeGaps(busy, v[0], v[1], v[2]);
        StringBuilder out = new StringBuilder(gaps.isEmpty() ? "none\n" : "");
        for (int[] g : gaps) out.append(g[0]).append(" ").append(g[1]).append("\n");
        System.out.print(out);
    }
}
