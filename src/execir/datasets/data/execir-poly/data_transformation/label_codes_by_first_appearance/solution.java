import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.StringJoiner;

public class Main {
    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int n = Integer.parseInt(t[0]), minCount = Integer.parseInt(t[1]);
        String[] labels = new String[n];
        System.arraycopy(t, 2, labels, 0, n);
        LinkedHashMap<String, Integer> mapping = new LinkedHashMap<>();
        StringJoiner codes = new StringJoiner(" ");
        encode(labels, minCount, mapping, codes);
        System.out.println(codes);
        System.out.println(String.join(" ", mapping.keySet()));
    }

    static void encode(String[] labels, int minCount, LinkedHashMap<String, Integer> mapping, StringJoiner codes) {
        HashMap<String, Integer> counts = new HashMap<>();
        for (String label : labels) counts.merge(label, 1, Integer::sum);
        for (String label : labels) {
            if (counts.get(label) < minCount) {
                codes.add("-1");
                continue;
            }
            mapping.putIfAbsent(label, mapping.size());
            codes.add(String.valueOf(mapping.get(label)));
        }
    }
}
