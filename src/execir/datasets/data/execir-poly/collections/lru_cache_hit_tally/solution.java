import java.util.LinkedHashSet;

public class Main {
    static int lruHits(int capacity, String[] accesses) {
        if (capacity <= 0) return 0;
        LinkedHashSet<String> cache = new LinkedHashSet<>();
        int hits = 0;
        for (String key : accesses) {
            if (cache.remove(key)) {
                hits++;
            } else if (cache.size() >= capacity) {
                cache.remove(cache.iterator().next());
            }
            cache.add(key);
        }
        return hits;
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int capacity = Integer.parseInt(t[0]);
        int n = Integer.parseInt(t[1]);
        String[] accesses = new String[n];
        System.arraycopy(t, 2, accesses, 0, n);
        System.out.println(lruHits(capacity, accesses));
    }
}
