import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;

public class Main {
    static List<Integer> frequencyOrder(int[] values) {
        Map<Integer, Integer> counts = new TreeMap<>();
        for (int v : values) counts.merge(v, 1, Integer::sum);
        List<Integer> distinct = new ArrayList<>(counts.keySet());
        distinct.sort((a, b) -> {
            int ca = counts.get(a), cb = counts.get(b);
            if (ca != cb) return Integer.compare(cb, ca);
            return Integer.compare(a, b);
        });
        List<Integer> result = new ArrayList<>();
        for (int v : distinct) {
            for (int c = 0; c < counts.get(v); c++) result.add(v);
        }
        return result;
    }

    public static void main(String[] args) throws Exception {
        String[] tok = new String(System.in.readAllBytes()).trim().split("\\s+");
        int n = Integer.parseInt(tok[0]);
        int[] values = new int[n];
        for (int i = 0; i < n; i++) values[i] = Integer.parseInt(tok[1 + i]);
        StringJoiner row = new StringJoiner(" ");
        for (int v : frequencyOrder(values)) row.add(String.valueOf(v));
        System.out.println(row);
    }
}
