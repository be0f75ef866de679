#include <algorithm>
#include <iostream>
#include <list>
#include <string>
#include <vector>

int lruHits(int capacity, const std::vector<std::string>& accesses) {
    if (capacity <= 0) return 0;
    std::list<std::string> cache;
    int hits = 0;
    for (const std::string& key : accesses) {
        auto it = std::find(cache.begin(), cache.end(), key);
        if (it != cache.end()) {
            hits++;
            cache.erase(it);
        } else if ((int)cache.size() >= capacity) {
            cache.pop_front();
        }
        cache.push_back(key);
    }
    return hits;
}

int main() {
    int capacity, n;
    std::cin >> capacity >> n;
    std::vector<std::string> accesses(n);
    for (int i = 0; i < n; i++) std::cin >> accesses[i];
    std::cout << lruHits(capacity, accesses) << "\n";
    return 0;
}
