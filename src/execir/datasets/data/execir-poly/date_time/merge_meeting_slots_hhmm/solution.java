import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

public class Main {
    static int toMinutes(String t) {
        return Integer.parseInt(t.substring(0, 2)) * 60 + Integer.parseInt(t.substring(3, 5));
    }

    static List<int[]> mergeSlots(int[][] slots) {
        Arrays.sort(slots, (a, b) -> a[0] != b[0] ? Integer.compare(a[0], b[0]) : Integer.compare(a[1], b[1]));
        List<int[]> merged = new ArrayList<>();
        for (int[] s : slots) {
            if (!merged.isEmpty() && s[0] <= merged.get(merged.size() - 1)[1]) {
                int[] last = merged.get(merged.size() - 1);
                last[1] = Math.max(last[1], s[1]);
            } else {
                merged.add(new int[] {s[0], s[1]});
            }
        }
        return merged;
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int n = Integer.parseInt(t[0]);
        int[][] slots = new int[n][];
        for (int i = 0; i < n; i++) slots[i] = new int[] {toMinutes(t[1 + 2 * i]), toMinutes(t[2 + 2 * i])};
        List<int[]> merged = mergeSlots(slots);
        StringBuilder out = new StringBuilder(merged.isEmpty() ? "none\n" : "");
        for (int[] s : merged) {
            out.append(String.format("%02d:%02d-%02d:%02d%n", s[0] / 60, s[0] % 60, s[1] / 60, s[1] % 60));
        }
        System.out.print(out);
    }
}
