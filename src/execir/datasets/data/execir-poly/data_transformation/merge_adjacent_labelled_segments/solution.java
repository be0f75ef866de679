import java.util.ArrayList;
import java.util.List;

public class Main {
    static List<String[]> mergeSegments(String[][] segments) {
        List<String[]> merged = new ArrayList<>();
        for (String[] s : segments) {
            if (!merged.isEmpty()) {
                String[] last = merged.get(merged.size() - 1);
                if (Long.parseLong(last[1]) == Long.parseLong(s[0]) && last[2].equals(s[2])) {
                    last[1] = s[1];
                    continue;
                }
            }
            merged.add(s.clone());
        }
        return merged;
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int n = Integer.parseInt(t[0]);
        String[][] segments = new String[n][];
        for (int i = 0; i < n; i++) segments[i] = new String[] {t[1 + 3 * i], t[2 + 3 * i], t[3 + 3 * i]};
        List<String[]> merged = mergeSegments(segments);
        StringBuilder out = new StringBuilder(merged.isEmpty() ? "none\n" : "");
        for (String[] s : merged) out.append(String.join(" ", s)).append("\n");
        System.out.print(out);
    }
}
