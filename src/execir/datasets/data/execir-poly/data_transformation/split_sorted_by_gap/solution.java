import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

public class Main {
    static List<StringJoiner> groupByGap(long[] values, long maxGap) {
        List<StringJoiner> groups = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            if (i == 0 || values[i] - values[i - 1] > maxGap) groups.add(new StringJoiner(" "));
            groups.get(groups.size() - 1).add(String.valueOf(values[i]));
        }
        return groups;
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int n = Integer.parseInt(t[0]);
        long maxGap = Long.parseLong(t[1]);
        long[] values = new long[n];
        for (int i = 0; i < n; i++) values[i] = Long.parseLong(t[2 + i]);
        if (maxGap < 0) {
            System.out.println("invalid");
            return;
        }
        List<StringJoiner> groups = groupByGap(values, maxGap);
        StringBuilder out = new StringBuilder(groups.isEmpty() ? "none\n" : "");
        for (StringJoiner g : groups) out.append(g).append("\n");
        System.out.print(out);
    }
}
