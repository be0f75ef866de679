import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

public class Main {
    static String toRanges(TreeSet<Long> set) {
        List<Long> values = new ArrayList<>(set);
        List<String> parts = new ArrayList<>();
        int i = 0;
        while (i < values.size()) {
            int j = i;
            while (j + 1 < values.size() && values.get(j + 1) == values.get(j) + 1) j++;
            parts.add(j > i ? values.get(i) + "-" + values.get(j) : String.valueOf(values.get(i)));
            i = j + 1;
        }
        return String.join(",", parts);
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int n = Integer.parseInt(t[0]);
        TreeSet<Long> set = new TreeSet<>();
        for (int i = 0; i < n; i++) set.add(Long.parseLong(t[1 + i]));
        System.out.println(toRanges(set));
    }
}
