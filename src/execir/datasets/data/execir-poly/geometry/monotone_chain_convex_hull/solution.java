import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

public class Main {
    static long cross(long[] o, long[] a, long[] b) {
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
    }

    static List<long[]> chain(List<long[]> pts) {
        List<long[]> chain = new ArrayList<>();
        for (long[] p : pts) {
            while (chain.size() >= 2 && cross(chain.get(chain.size() - 2), chain.get(chain.size() - 1), p) <= 0) {
                chain.remove(chain.size() - 1);
            }
            chain.add(p);
        }
        chain.remove(chain.size() - 1);
        return chain;
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int n = Integer.parseInt(t[0]);
        TreeSet<long[]> set = new TreeSet<>((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        for (int i = 0; i < n; i++) set.add(new long[] {Long.parseLong(t[1 + 2 * i]), Long.parseLong(t[2 + 2 * i])});
        List<long[]> pts = new ArrayList<>(set);
        List<long[]> hull = new ArrayList<>(pts);
        if (pts.size() > 2) {
            hull = chain(pts);
            List<long[]> reversed = new ArrayList<>(set.descendingSet());
            hull.addAll(chain(reversed));
        }
        StringBuilder out = new StringBuilder().append(hull.size()).append("\n");
        for (long[] p : hull) out.append(p[0]).append(" ").append(p[1]).append("\n");
        System.out.print(out);
    }
}
