import java.util.Arrays;
import java.util.StringJoiner;

public class Main {
    static int[] competitionRanks(int[] scores) {
        Integer[] order = new Integer[scores.length];
        for (int i = 0; i < order.length; i++) order[i] = i;
        Arrays.sort(order, (a, b) -> Integer.compare(scores[b], scores[a]));
        int[] ranks = new int[scores.length];
        for (int pos = 0; pos < order.length; pos++) {
            int idx = order[pos];
            if (pos > 0 && scores[idx] == scores[order[pos - 1]]) ranks[idx] = ranks[order[pos - 1]];
            else ranks[idx] = pos + 1;
        }
        return ranks;
    }

    public static void main(String[] args) throws Exception {
        String[] tok = new String(System.in.readAllBytes()).trim().split("\\s+");
        int n = Integer.parseInt(tok[0]);
        int[] scores = new int[n];
        for (int i = 0; i < n; i++) scores[i] = Integer.parseInt(tok[1 + i]);
        StringJoiner row = new StringJoiner(" ");
        for (int r : competitionRanks(scores)) row.add(String.valueOf(r));
        System.out.println(row);
    }
}
